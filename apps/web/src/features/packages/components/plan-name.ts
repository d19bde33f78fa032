import type { TFunction } from 'i18next';
import { formatBytes } from '@/i18n/format';
import type { StoragePackage } from '../api';

/**
 * A package's name as shown: its size in the interface language's digits, and "Family" for a family package. The
 * catalogue's own name is the operator's internal label (decisions.md).
 */
export function planName(pkg: Pick<StoragePackage, 'storageBytes' | 'family'>, t: TFunction, language: string): string {
  const size = formatBytes(pkg.storageBytes, language);
  return pkg.family ? t('packages:family_plan_name', { size }) : t('packages:plan_name', { size });
}
