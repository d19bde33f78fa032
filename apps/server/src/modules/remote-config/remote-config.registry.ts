import { BadRequest } from '../../shared/errors.js';
import type { RemoteConfigKey, RemoteConfigType } from './remote-config.table.js';

/** A registry row as the console shows it. */
export interface KeySpec {
  name: string;
  type: RemoteConfigType;
  allowed: string[] | null;
  min: number | null;
  max: number | null;
  description: string;
}

export function toKeySpec(k: RemoteConfigKey): KeySpec {
  let allowed: string[] | null = null;
  if (k.allowed) {
    try {
      const parsed = JSON.parse(k.allowed) as unknown;
      allowed = Array.isArray(parsed) ? parsed.map(String) : null;
    } catch {
      allowed = null;
    }
  }
  return { name: k.name, type: k.type, allowed, min: k.min === null ? null : Number(k.min), max: k.max === null ? null : Number(k.max), description: k.description };
}

/** The most a value may hold whatever its key says (remote_config.value is text; clients read it whole). */
const MAX_LENGTH = 10_000;

/**
 * The value as it is stored (clients read strings): checked against the key's type and bounds. Anything else is a 400
 * with field `value`, and nothing is written.
 */
export function checkValue(spec: KeySpec, raw: string | number | boolean): string {
  const invalid = (message: string) => BadRequest('INVALID_VALUE', message, 'value');
  switch (spec.type) {
    case 'boolean': {
      if (raw === true || raw === 'true') return 'true';
      if (raw === false || raw === 'false') return 'false';
      throw invalid(`${spec.name} takes true or false.`);
    }
    case 'integer': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!/^-?\d{1,15}$/.test(text)) throw invalid(`${spec.name} takes a whole number.`);
      const n = Number(text);
      if ((spec.min !== null && n < spec.min) || (spec.max !== null && n > spec.max)) {
        throw BadRequest('VALUE_OUT_OF_RANGE', `${spec.name} takes a number from ${spec.min ?? '…'} to ${spec.max ?? '…'}.`, 'value');
      }
      return String(n);
    }
    case 'enum': {
      if (typeof raw !== 'string' || !(spec.allowed ?? []).includes(raw)) {
        throw BadRequest('VALUE_NOT_ALLOWED', `${spec.name} takes one of: ${(spec.allowed ?? []).join(' | ')}.`, 'value');
      }
      return raw;
    }
    case 'string': {
      if (typeof raw !== 'string') throw invalid(`${spec.name} takes text.`);
      const max = Math.min(spec.max ?? MAX_LENGTH, MAX_LENGTH);
      if (raw.length < (spec.min ?? 0) || raw.length > max) {
        throw BadRequest('VALUE_OUT_OF_RANGE', `${spec.name} takes ${spec.min ?? 0} to ${max} characters.`, 'value');
      }
      return raw;
    }
    case 'json': {
      if (typeof raw !== 'string' || raw.length > Math.min(spec.max ?? MAX_LENGTH, MAX_LENGTH)) throw invalid(`${spec.name} takes a JSON text.`);
      try {
        JSON.parse(raw);
      } catch {
        throw invalid(`${spec.name} takes a JSON text.`);
      }
      return raw;
    }
  }
}
