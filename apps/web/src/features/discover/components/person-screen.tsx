import { useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Album } from '@/api/generated/albums';
import { Button } from '@/components/ui/button';
import { EyeOffIcon, RestoreIcon, ShareIcon } from '@/components/ui/icons';
import { discoverPaths } from '@/config/paths';
import { ShareSlot, useMediaSlots } from '@/media/slots';
import type { ViewerMenuAction } from '@/media/viewer/viewer-actions';
import { AlbumRemoveIcon, CoverIcon } from '@/media/viewer/viewer-icons';
import { useListPeoplePagesInfiniteQuery, type Person } from '../api';
import { personName } from '../labels';
import { usePersonActions } from '../use-person-actions';
import { useDiscoverTranslation } from '../use-discover-translation';
import { FaceImage } from './cards';
import { BackLink } from './collection';
import styles from './discover.module.css';
import { EntityPhotos } from './entity-photos';
import { MergeDialog } from './merge-dialog';

/**
 * /main/discover/person/:id: the person's photos in the shared grid and viewer; the name renames in place, the header
 * hides, recovers and merges; selected photos can be taken away from the person or become the face on the card.
 */
export function PersonScreen() {
  const { t } = useDiscoverTranslation();
  const { id = '' } = useParams();
  const actions = usePersonActions();

  const viewerActions = useMemo<ViewerMenuAction[]>(
    () => [
      {
        key: 'cover',
        label: t('discover:choose_cover'),
        icon: <CoverIcon size={18} />,
        testId: 'viewer-menu-person-cover',
        run: async (item) => {
          await actions.setCover(id, item.uuid);
          return 'kept';
        },
      },
      {
        key: 'not-this-person',
        label: t('discover:not_this_person'),
        icon: <AlbumRemoveIcon size={18} />,
        testId: 'viewer-menu-not-this-person',
        run: async (item) => ((await actions.removePhotos(id, [item.uuid])) ? 'removed' : 'kept'),
      },
    ],
    // `actions` is a fresh object each render; its calls are stable through RTK Query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, id],
  );

  return (
    <EntityPhotos
      contentType="album/person"
      id={id}
      backTo={discoverPaths.people}
      viewerActions={viewerActions}
      selectionActions={(selected, drop) => [
        ...(selected.length === 1
          ? [
              {
                key: 'cover',
                label: t('discover:choose_cover'),
                icon: <CoverIcon size={18} />,
                testId: 'person-action-cover',
                disabled: actions.busy,
                onClick: () => void actions.setCover(id, selected[0]!.uuid),
              },
            ]
          : []),
        {
          key: 'not-this-person',
          label: t('discover:not_this_person'),
          icon: <AlbumRemoveIcon size={18} />,
          testId: 'person-action-remove',
          danger: true,
          disabled: actions.busy,
          onClick: () => {
            const uuids = selected.map((item) => item.uuid);
            void actions.removePhotos(id, uuids).then((done) => done && drop(uuids));
          },
        },
      ]}
      header={(album) => <PersonHeader album={album} />}
    />
  );
}

function PersonHeader({ album }: { album: Album }) {
  const { t } = useDiscoverTranslation();
  const navigate = useNavigate();
  const actions = usePersonActions();
  const [merging, setMerging] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { Share } = useMediaSlots();
  const active = useListPeoplePagesInfiniteQuery('ACTIVE');
  const everyone = useMemo(() => active.data?.pages.flatMap((page) => page.people) ?? [], [active.data]);
  const known = everyone.find((person) => person.personId === album.uuid);
  const label = album.label?.trim() ? album.label : null;
  const person: Person = known ?? {
    personId: album.uuid,
    label,
    thumbnailUuid: album.coverPhotoUuid,
    thumbnailUrl: album.coverPhoto?.thumbnailUrl ?? null,
    photoCount: album.imageCount + album.videoCount,
    status: album.status,
  };

  return (
    <header className={styles.personHeader}>
      <BackLink to={discoverPaths.people} label={t('discover:back_to_people')} />
      <FaceImage url={person.thumbnailUrl} className={styles.personFace} />
      <div className={styles.personTitle}>
        <PersonName personId={album.uuid} label={label} onRename={actions.rename} />
        <p className={styles.muted}>
          {t('discover:photo_count', {
            count: album.imageCount + album.videoCount,
          })}
        </p>
        {album.status === 'HIDDEN' ? <span className={styles.statusTag}>{t('discover:status_hidden')}</span> : null}
        {album.status === 'TRASHED' ? <span className={styles.statusTag}>{t('discover:status_trashed')}</span> : null}
      </div>
      <div className={styles.actions} role="toolbar" aria-label={t('discover:person_actions')}>
        {album.status === 'ACTIVE' ? (
          <>
            {Share ? (
              <Button variant="secondary" startIcon={<ShareIcon size={18} />} onClick={() => setSharing(true)} data-testid="person-share">
                {t('discover:share_link')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setMerging(true)} disabled={actions.busy} data-testid="person-merge">
              {t('discover:merge')}
            </Button>
            <Button
              variant="secondary"
              startIcon={<EyeOffIcon size={18} />}
              disabled={actions.busy}
              onClick={() => void actions.hide([album.uuid]).then((done) => done && navigate(discoverPaths.people))}
              data-testid="person-hide"
            >
              {t('discover:hide')}
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            startIcon={<RestoreIcon size={18} />}
            disabled={actions.busy}
            onClick={() => void actions.recover([album.uuid])}
            data-testid="person-recover"
          >
            {t('discover:recover')}
          </Button>
        )}
      </div>
      <ShareSlot open={sharing} target={{ kind: 'person', uuid: album.uuid, name: personName(t, label) }} onOpenChange={setSharing} />
      <MergeDialog
        open={merging}
        onOpenChange={setMerging}
        source={person}
        people={everyone}
        merging={actions.merging}
        onMerge={async (target) => {
          if (await actions.merge(person.personId, target.personId)) navigate(discoverPaths.person(target.personId), { replace: true });
        }}
      />
    </header>
  );
}

/** The name as a heading that turns into a text field when clicked: Enter saves, Escape (or leaving it) cancels. */
function PersonName({
  personId,
  label,
  onRename,
}: {
  personId: string;
  label: string | null;
  onRename: (personId: string, label: string) => Promise<boolean>;
}) {
  const { t } = useDiscoverTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const shown = personName(t, label);

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // The viewer and dialogs also listen for Escape; this one only ends the editing.
      event.stopPropagation();
      setEditing(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const next = draft.trim();
      if (!next || next === label) {
        setEditing(false);
        return;
      }
      setSaving(true);
      const done = await onRename(personId, next);
      setSaving(false);
      if (done) setEditing(false);
    }
  };

  if (editing) {
    return (
      <input
        className={styles.nameInput}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => void onKeyDown(event)}
        onBlur={() => (saving ? undefined : setEditing(false))}
        aria-label={t('discover:name_field')}
        placeholder={t('discover:add_name')}
        maxLength={255}
        disabled={saving}
        dir="auto"
        // The field replaces what was clicked, so focus follows it.
        autoFocus
        data-testid="person-name-input"
      />
    );
  }
  return (
    <h1 className={styles.title}>
      <button
        type="button"
        className={`${styles.nameButton} ${label ? '' : styles.unnamed}`}
        onClick={() => {
          setDraft(label ?? '');
          setEditing(true);
        }}
        aria-label={t('discover:rename', { name: shown })}
        data-testid="person-name"
      >
        <bdi>{label ?? t('discover:add_name')}</bdi>
      </button>
    </h1>
  );
}
