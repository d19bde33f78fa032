import { useState } from 'react';
import { familyAlbumPath } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { useListFamilyAlbumsQuery } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { AlbumNameDialog } from './album-dialogs';
import { FamilyCard, FamilyCollection } from './family-collections';

/**
 * Family albums (issue 35): the family library's albums, the same for every member, most recently changed first; any
 * member makes one. An album shows the items of the library put in it, as long as they stay in the library.
 */
export function FamilyAlbumsScreen() {
  const { t } = useFamilyTranslation();
  const query = useListFamilyAlbumsQuery();
  const [creating, setCreating] = useState(false);
  const albums = query.data?.albums ?? [];
  return (
    <>
      <FamilyCollection
        title={t('family:albums_title')}
        text={t('family:albums_text')}
        loading={query.isLoading}
        error={query.isError ? query.error : null}
        empty={albums.length === 0 ? { title: t('family:albums_empty_title'), text: t('family:albums_empty_text') } : null}
        testId="family-albums"
        actions={
          <Button startIcon={<PlusIcon size={16} />} onClick={() => setCreating(true)} data-testid="family-album-create">
            {t('family:album_create')}
          </Button>
        }
      >
        {albums.map((a) => (
          <FamilyCard
            key={a.id}
            to={familyAlbumPath(a.id)}
            image={a.cover?.thumbnailUrl ?? null}
            title={a.name}
            meta={t('family:photo_count', { count: a.itemCount })}
            testId="family-album-card"
          />
        ))}
      </FamilyCollection>
      {creating ? <AlbumNameDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
