import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronStartIcon } from '@/components/ui/icons';
import { Loader } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { isSafeUrl } from '@/lib/safe-url';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyError } from './error-alert';
import styles from './family-collections.module.css';

/** Back to the family library: the way out of its people and places pages. */
export function BackToLibrary() {
  const { t } = useFamilyTranslation();
  const label = t('family:back_to_library');
  return (
    <Link to={paths.familyLibrary} className={styles.back} aria-label={label} title={label} data-testid="family-back">
      <ChevronStartIcon size={22} />
    </Link>
  );
}

interface CollectionProps {
  title: string;
  text: string;
  loading: boolean;
  error: unknown;
  empty: { title: string; text: string } | null;
  testId: string;
  /** Buttons under the explanation (the albums' "Create album"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The family's people or places: back, title, a line of explanation, a grid of cards (or why there are none). */
export function FamilyCollection({ title, text, loading, error, empty, testId, actions, children }: CollectionProps) {
  let body: ReactNode;
  if (loading) body = <div className={styles.status}><Loader /></div>;
  else if (error) body = <FamilyError error={error} />;
  else if (empty) body = <EmptyState title={empty.title} description={empty.text} data-testid={`${testId}-empty`} />;
  else body = <ul className={styles.grid} aria-label={title} data-testid={testId}>{children}</ul>;
  return (
    <section className={styles.page} aria-labelledby={`${testId}-heading`}>
      <header className={styles.header}>
        <BackToLibrary />
        <h1 id={`${testId}-heading`} className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{text}</p>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {body}
    </section>
  );
}

/** A card: the picture (a round face crop, or a square cover), a title and a line below; the whole card is the link. */
export function FamilyCard({ to, image, round, title, muted, meta, testId }: { to: string; image: string | null; round?: boolean; title: string; muted?: boolean; meta: string; testId: string }) {
  const src = image && isSafeUrl(image) ? image : null;
  return (
    <li>
      {/* Named by its visible text (title, then count), so what a voice-control user reads out is the name (axe's label-content-name-mismatch). */}
      <Link to={to} className={styles.card} data-testid={testId}>
        <span className={[styles.cover, round ? styles.face : ''].filter(Boolean).join(' ')} aria-hidden="true">
          {src ? <img className={styles.coverImage} src={src} alt="" loading="lazy" decoding="async" /> : null}
        </span>
        <span>
          <bdi className={[styles.cardTitle, muted ? styles.unnamed : ''].filter(Boolean).join(' ')}>{title}</bdi>
          <span className={styles.cardMeta}>
            <bdi>{meta}</bdi>
          </span>
        </span>
      </Link>
    </li>
  );
}
