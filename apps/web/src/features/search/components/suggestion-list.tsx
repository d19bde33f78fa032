import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchTranslation } from '../use-search-translation';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { CompassIcon, ContactsIcon, FileIcon, FolderIcon, Icon, PhotosIcon, SparkleIcon, type IconProps } from '@/components/ui/icons';
import { albumPath, discoverPaths } from '@/config/paths';
import { filesApi } from '@/api/files';
import { itemTarget } from '@/features/files/item-target.public';
import { SUGGEST_SIZE, useSuggestSearchQuery } from '../api';
import { matchingRecentSearches, readRecentSearches } from '../recent-searches';
import { searchOptionId, type SearchOption, type SearchOptionKind } from '../search-option';
import styles from './search-box.module.css';

/** Recent searches shown above the suggestions while typing (all of them, up to 10, for an empty box). */
const RECENT_WHILE_TYPING = 3;

const HistoryIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3 2" />
  </Icon>
);
const CalendarIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Icon>
);
const CameraIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

const ICONS: Record<SearchOptionKind, (p: IconProps) => React.JSX.Element> = {
  RECENT: HistoryIcon,
  NAME: FileIcon,
  FOLDER: FolderIcon,
  ALBUM: PhotosIcon,
  MONTH: CalendarIcon,
  CAMERA: CameraIcon,
  PERSON: ContactsIcon,
  PLACE: CompassIcon,
  THING: SparkleIcon,
};

/** Where a suggestion with an id opens: people, places and things (issue 14) on their Discover pages. */
const OPEN_PATH: Partial<Record<SearchOptionKind, (uuid: string) => string>> = {
  ALBUM: albumPath,
  PERSON: discoverPaths.person,
  PLACE: discoverPaths.place,
  THING: discoverPaths.thing,
};

export interface SuggestionListProps {
  id: string;
  /** The settled (debounced, trimmed) text. */
  query: string;
  /** The box has focus and the list was not dismissed. */
  visible: boolean;
  active: number;
  onOptions(options: readonly SearchOption[]): void;
  onPick(option: SearchOption): void;
  onSearch(text: string): void;
}

/** The combobox's list: recent searches from this device, then the server's completions for the text. */
export function SuggestionList({ id, query, visible, active, onOptions, onPick, onSearch }: SuggestionListProps) {
  const { t } = useSearchTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [recent, setRecent] = useState(readRecentSearches);
  const suggest = useSuggestSearchQuery({ text: query, size: SUGGEST_SIZE }, { skip: !query });
  const suggestions = query ? suggest.currentData?.items : undefined;

  // Searches made meanwhile (here or in another tab) show the next time the list opens.
  useEffect(() => {
    if (visible) setRecent(readRecentSearches());
  }, [visible]);

  /** A file opens in the preview of its folder, which the suggestion does not carry: read the item first. */
  const openFile = useCallback(
    async (uuid: string, text: string) => {
      try {
        const item = await dispatch(filesApi.endpoints.getFileItem.initiate(uuid, { subscribe: false })).unwrap();
        const target = itemTarget(item);
        void navigate(target.to, { state: target.state });
      } catch {
        onSearch(text);
      }
    },
    [dispatch, navigate, onSearch],
  );

  const options = useMemo<SearchOption[]>(() => {
    const fromDevice = matchingRecentSearches(recent, query, query ? RECENT_WHILE_TYPING : undefined).map<SearchOption>((text) => ({
      key: `recent:${text}`,
      label: text,
      kind: 'RECENT',
      open: () => onSearch(text),
    }));
    const seen = new Set(fromDevice.map((option) => option.label));
    const fromServer = (suggestions ?? [])
      // A month or camera searched before is already offered as a recent search.
      .filter((item) => item.uuid !== null || !seen.has(item.text))
      .map<SearchOption>((item, index) => {
        const uuid = item.uuid;
        const kind = item.kind as SearchOptionKind;
        const path = OPEN_PATH[kind];
        const open =
          uuid && item.kind === 'FOLDER'
            ? () => void navigate(itemTarget({ uuid, folder: true, parentFolderUuid: null }).to)
            : uuid && path
              ? () => void navigate(path(uuid))
              : uuid && item.kind === 'NAME'
                ? () => void openFile(uuid, item.text)
                : () => onSearch(item.text);
        return { key: `${item.kind}:${uuid ?? item.text}:${index}`, label: item.text, kind, open };
      });
    return [...fromDevice, ...fromServer];
  }, [recent, query, suggestions, navigate, openFile, onSearch]);

  useEffect(() => onOptions(options), [options, onOptions]);

  if (!visible || options.length === 0) return null;
  return (
    <ul
      id={id}
      role="listbox"
      className={styles.list}
      aria-label={t('search:suggestions_label')}
      // Keep the focus in the box: a click must not blur it (which would close the list before the click lands).
      onMouseDown={(event) => event.preventDefault()}
      data-testid="search-suggestions"
    >
      {options.map((option, index) => {
        const KindIcon = ICONS[option.kind];
        return (
          <li
            key={option.key}
            id={searchOptionId(id, index)}
            role="option"
            aria-selected={index === active}
            className={`${styles.option} ${index === active ? styles.active : ''}`}
            onClick={() => onPick(option)}
            data-kind={option.kind}
          >
            <KindIcon size={18} className={styles.optionIcon} aria-hidden="true" />
            <bdi className={styles.optionText}>{option.label}</bdi>{' '}
            <span className={styles.optionKind}>{t(`search:suggestion_${option.kind}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
