import type { DragEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ContactsIcon, ImageIcon } from '@/components/ui/icons';
import { isSafeUrl } from '@/lib/safe-url';
import { discoverPaths } from '@/config/paths';
import type { CoverPhoto, Person, Place, Thing } from '../api';
import { placeMeta, thingName } from '../labels';
import { useDiscoverTranslation } from '../use-discover-translation';
import styles from './discover.module.css';

/** A round face crop, or a person icon when the crop is missing. */
export function FaceImage({ url, className }: { url: string | null | undefined; className?: string }) {
  const src = url && isSafeUrl(url) ? url : null;
  return (
    <span className={[styles.cover, styles.face, className].filter(Boolean).join(' ')} aria-hidden="true">
      {src ? <img className={styles.coverImage} src={src} alt="" loading="lazy" decoding="async" /> : <ContactsIcon size={32} />}
    </span>
  );
}

function Cover({ cover }: { cover: CoverPhoto | null }) {
  const src = cover?.thumbnailUrl && isSafeUrl(cover.thumbnailUrl) ? cover.thumbnailUrl : null;
  return (
    <span className={styles.cover} aria-hidden="true">
      {src ? <img className={styles.coverImage} src={src} alt="" loading="lazy" decoding="async" /> : <ImageIcon size={32} />}
    </span>
  );
}

export interface PersonDrag {
  dragging: boolean;
  over: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
}

/** A person: the face crop, the name (or "Add a name") and how many photos; a drop target when merging by drag. */
export function PersonCard({ person, to, drag, action }: { person: Person; to: string; drag?: PersonDrag; action?: ReactNode }) {
  const { t } = useDiscoverTranslation();
  const named = Boolean(person.label?.trim());
  const count = t('discover:photo_count', { count: person.photoCount });
  const className = [styles.card, drag?.over ? styles.dropTarget : '', drag?.dragging ? styles.dragging : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className}
      onDragOver={drag?.onDragOver}
      onDragLeave={drag?.onDragLeave}
      onDrop={drag?.onDrop}
      data-testid="person-card"
      data-person={person.personId}
    >
      <Link
        to={to}
        className={styles.card}
        draggable={Boolean(drag)}
        onDragStart={drag?.onDragStart}
        onDragEnd={drag?.onDragEnd}
        // The name holds the visible text (axe label-content-name-mismatch): "Unnamed, Add a name, 3 photos".
        aria-label={named ? `${person.label!}, ${count}` : `${t('discover:unnamed')}, ${t('discover:add_name')}, ${count}`}
      >
        <FaceImage url={person.thumbnailUrl} />
        <span className={`${styles.cardText} ${styles.personText}`}>
          <bdi className={`${styles.cardTitle} ${named ? '' : styles.unnamed}`}>{named ? person.label : t('discover:add_name')}</bdi>{' '}
          <span className={styles.cardMeta}>{count}</span>
        </span>
      </Link>
      {action ? <span className={styles.cardAction}>{action}</span> : null}
    </div>
  );
}

/** A place or a thing: its cover photo, a title and a line below. */
export function CoverCard({ cover, title, meta, to, testId }: { cover: CoverPhoto | null; title: string; meta: string; to: string; testId: string }) {
  return (
    <Link to={to} className={styles.card} aria-label={`${title}, ${meta}`} data-testid={testId}>
      <Cover cover={cover} />
      {/* Each line takes the card's direction and the text inside is isolated: a Latin city over an Arabic country
          still starts at the same edge (a bdi as the line would align by its own text's direction). */}
      <span className={styles.cardText}>
        <span className={styles.cardTitle} data-testid="card-title">
          <bdi>{title}</bdi>
        </span>{' '}
        <span className={styles.cardMeta} data-testid="card-meta">
          <bdi>{meta}</bdi>
        </span>
      </span>
    </Link>
  );
}

export function PlaceCard({ place }: { place: Place }) {
  const { t } = useDiscoverTranslation();
  return <CoverCard cover={place.coverPhoto} title={place.name} meta={placeMeta(t, place)} to={discoverPaths.place(place.id)} testId="place-card" />;
}

export function ThingCard({ thing }: { thing: Thing }) {
  const { t } = useDiscoverTranslation();
  return (
    <CoverCard
      cover={thing.coverPhoto}
      title={thingName(t, thing.tag)}
      meta={t('discover:photo_count', { count: thing.photoCount })}
      to={discoverPaths.thing(thing.id)}
      testId="thing-card"
    />
  );
}

/** A list that could not be loaded, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useDiscoverTranslation();
  return (
    <div className={styles.centered} role="alert">
      <p className={styles.muted}>{t('discover:load_error')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </div>
  );
}
