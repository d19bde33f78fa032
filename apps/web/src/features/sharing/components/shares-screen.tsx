import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FileItem } from '@/api/generated/files';
import { paths } from '@/config/paths';
import { filesPath } from '@/features/files/file-listing.public';
import { useFileActions } from '@/media/actions/use-file-actions';
import { fileKind } from '@/media/thumbnail/file-kind';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import { DocumentViewer } from '@/media/viewer/document-viewer';
import { editsInOfficeEditor, useHasOfficeEditor } from '@/media/slots';
import { asFileItem, type SharedFileItem } from '../api';
import { FOLDER_PARAM, PROJECT_PARAM, SHARE_TABS, TAB_PARAM, tabFromParam, type ShareTab } from '../tabs';
import { PublicLinksTab } from './public-links-tab';
import { SharedFolder, type FolderCrumb } from './shared-folder';
import { SharedItemsTab } from './shared-items-tab';
import styles from './shares.module.css';

const TAB_LABEL = { public: 'shares:tab_public', withMe: 'shares:tab_with_me', byMe: 'shares:tab_by_me' } as const;

function tabPath(tab: ShareTab): string {
  return tab === 'public' ? paths.shares : `${paths.shares}?${TAB_PARAM}=${tab}`;
}

const isMedia = (item: FileItem) => {
  const kind = fileKind(item);
  return kind === 'image' || kind === 'video';
};

/** Shares: my public links, what others shared with me (browsable), what I shared (manage access). */
export function SharesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = tabFromParam(params.get(TAB_PARAM));
  const folder = tab === 'withMe' ? params.get(FOLDER_PARAM) : null;
  const project = params.get(PROJECT_PARAM);
  // Folder names seen during this visit, so the crumbs survive back and forward.
  const paths_ = useRef(new Map<string, FolderCrumb[]>());
  const [viewer, setViewer] = useState<{ items: FileItem[]; index: number } | null>(null);
  const [document_, setDocument] = useState<FileItem | null>(null);
  const hasEditor = useHasOfficeEditor();
  const { download } = useFileActions();

  const openPath = (projectId: string, next: FolderCrumb[]) => {
    const last = next.at(-1);
    if (!last) return navigate(tabPath('withMe'));
    paths_.current.set(last.uuid, next);
    navigate(`${paths.shares}?${TAB_PARAM}=withMe&${PROJECT_PARAM}=${encodeURIComponent(projectId)}&${FOLDER_PARAM}=${encodeURIComponent(last.uuid)}`);
  };

  const openFile = (item: FileItem, siblings: readonly FileItem[]) => {
    // Documents open in the editor: editable for editors of the share, read-only for viewers (issue 33).
    if (hasEditor && editsInOfficeEditor(item.name)) {
      setDocument(item);
      return;
    }
    if (!isMedia(item)) {
      void download([item]);
      return;
    }
    const media = siblings.filter(isMedia);
    setViewer({ items: media, index: Math.max(0, media.findIndex((other) => other.uuid === item.uuid)) });
  };

  const openShared = (item: SharedFileItem, siblings: readonly SharedFileItem[]) => {
    // My own folder opens in Files; someone else's here, through their project.
    if (item.folder && tab === 'byMe') navigate(filesPath(item.uuid));
    else if (item.folder) openPath(item.projectId, [{ uuid: item.uuid, name: item.name }]);
    else openFile(asFileItem(item), siblings.map(asFileItem));
  };

  let content;
  if (tab === 'public') content = <PublicLinksTab />;
  else if (folder && project) {
    const path = paths_.current.get(folder) ?? [{ uuid: folder, name: t('shares:folder') }];
    content = (
      <SharedFolder
        key={folder}
        projectId={project}
        path={path}
        onNavigate={(next) => openPath(project, next)}
        onBack={() => navigate(tabPath('withMe'))}
        onOpenFile={openFile}
      />
    );
  } else content = <SharedItemsTab key={tab} mode={tab} onOpen={openShared} />;

  return (
    <section className={styles.screen} aria-label={t('shares:title')} data-testid="shares-screen">
      <nav className={styles.tabs} aria-label={t('shares:tabs_label')}>
        {SHARE_TABS.map((key) => (
          <Link key={key} to={tabPath(key)} className={styles.tab} aria-current={tab === key ? 'page' : undefined} data-testid={`shares-tab-${key}`}>
            {t(TAB_LABEL[key])}
          </Link>
        ))}
      </nav>
      {content}
      {viewer ? (
        <PhotoViewer
          items={viewer.items}
          index={viewer.index}
          onIndexChange={(index) => setViewer((current) => (current ? { ...current, index } : current))}
          onClose={() => setViewer(null)}
          readOnly
        />
      ) : null}
      {document_ ? <DocumentViewer uuid={document_.uuid} projectId={document_.projectId} name={document_.name} onClose={() => setDocument(null)} /> : null}
    </section>
  );
}
