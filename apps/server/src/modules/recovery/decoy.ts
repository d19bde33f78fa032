import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { getOrCreateSecret } from '../../infra/signing/url-signer.js';
import { maskEmail, maskPhone } from '../../shared/mask.js';
import { splitTypedPhone } from './masking.js';
import type { AvailableMethodBody } from './recovery.schemas.js';

/** What recovery knows of an account at the start: its methods (masked), its question, whether it has two-factor on. */
export interface RecoveryProfile {
  methods: AvailableMethodBody[];
  securityQuestionId: number | null;
  twoFactor: boolean;
}

const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yandex.com', 'icloud.com', 'yahoo.com'];
const LETTERS = 'abcdefghijklmnoprstuvyz';

/**
 * A plausible profile for a username no account has, so the answer does not tell that it is unknown. It is derived
 * from what was typed with a server-side key: the same username always gets the same answer (a changing one would
 * give it away), and nobody without the key can tell it from a real one. The odds below are guesses at how real
 * accounts look (most have a verified phone; some a recovery e-mail, a question, two-factor sign-in).
 */
export class Decoys {
  private key: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly questionIds: readonly number[],
  ) {}

  async profile(typed: string): Promise<RecoveryProfile> {
    const h = createHmac('sha256', await this.secret()).update(typed).digest();
    const byte = (i: number) => h[i] as number;
    const letter = (i: number) => LETTERS[byte(i) % LETTERS.length] as string;
    const domain = (i: number) => DOMAINS[byte(i) % DOMAINS.length] as string;
    const phone = typed.includes('@') ? null : splitTypedPhone(typed);
    const methods: AvailableMethodBody[] = [];
    if (byte(0) % 5 !== 0) {
      const twoDigits = String(byte(1) % 100).padStart(2, '0');
      methods.push({
        method: 'SMS',
        content: phone ? maskPhone(phone.countryCode, phone.national) : maskPhone('90', `50000000${twoDigits}`),
      });
    }
    methods.push({ method: 'EMAIL', content: typed.includes('@') ? maskEmail(typed) : `${letter(2)}***@${domain(3)}` });
    if (byte(4) % 4 === 0) methods.push({ method: 'RECOVERY_EMAIL', content: `${letter(5)}***@${domain(6)}` });
    const securityQuestionId =
      byte(7) % 2 === 0 ? (this.questionIds[byte(8) % this.questionIds.length] ?? null) : null;
    if (securityQuestionId !== null) methods.push({ method: 'SECURITY_QUESTION', content: String(securityQuestionId) });
    return { methods, securityQuestionId, twoFactor: byte(9) % 8 === 0 };
  }

  private secret(): Promise<string> {
    this.key ??= getOrCreateSecret(this.db, 'recovery-decoy', randomBytes(32).toString('base64')).catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }
}
