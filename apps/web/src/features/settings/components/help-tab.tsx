import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

/** How many questions faq.json holds (q1/a1 … q13/a13). */
export const FAQ_COUNT = 13;

/** Frequently asked questions as an accordion: each question is a button that shows or hides its answer. */
export function HelpTab() {
  // The FAQ strings load with this tab only; the first call suspends until they are there.
  useTranslation('faq');
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const items = Array.from({ length: FAQ_COUNT }, (_, index) => index + 1);

  const toggle = (n: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });

  return (
    <div className={styles.sections}>
      <SettingsSection id="help-faq" title={t('faq:title')} text={t('faq:intro')}>
        <div className={styles.accordion}>
          {items.map((n) => {
            const expanded = open.has(n);
            return (
              <div key={n} className={styles.accordionItem}>
                <h3 className={styles.accordionHeading}>
                  <button
                    type="button"
                    id={`faq-q${n}`}
                    className={styles.accordionButton}
                    aria-expanded={expanded}
                    aria-controls={`faq-a${n}`}
                    onClick={() => toggle(n)}
                  >
                    <span>{t(`faq:q${n}` as 'faq:q1')}</span>
                    <ChevronDownIcon size={18} className={styles.accordionIcon} aria-hidden="true" />
                  </button>
                </h3>
                <div id={`faq-a${n}`} role="region" aria-labelledby={`faq-q${n}`} hidden={!expanded} className={styles.accordionPanel}>
                  <p>{t(`faq:a${n}` as 'faq:a1')}</p>
                </div>
              </div>
            );
          })}
        </div>
        <p className={styles.muted}>{t('faq:more_help')}</p>
      </SettingsSection>
    </div>
  );
}
