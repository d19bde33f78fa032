import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { SEARCH_DEBOUNCE_MS, SEARCH_TEXT_MAX } from '@/config/constants';
import { paths, SEARCH_PARAMS, searchPath } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { moveActiveOption } from '../combobox-keys';
import { searchOptionId, type SearchOption } from '../search-option';
import styles from './search-box.module.css';

// The box is in the shell on every signed-in page; the list (suggest call, recent searches) loads when first focused.
const SuggestionList = lazy(() => import('./suggestion-list').then((module) => ({ default: module.SuggestionList })));

export interface SearchBoxProps {
  /** `header`: the desktop header; `page`: the top of the search screen on narrow screens (focused when empty). */
  variant: 'header' | 'page';
}

/**
 * The search box: an ARIA combobox. Typing asks for suggestions after a 300 ms pause (recent searches when empty);
 * arrows move through them, Enter opens the active one or searches the text (/main/search?text=…), Escape closes the
 * list and then clears the box.
 */
export function SearchBox({ variant }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const urlText = location.pathname === paths.search ? (new URLSearchParams(location.search).get(SEARCH_PARAMS.text) ?? '') : '';
  const [text, setText] = useState(urlText);
  const [focused, setFocused] = useState(false);
  // Escape, a search or a pick close the list until the next keystroke or arrow.
  const [dismissed, setDismissed] = useState(false);
  const [listWanted, setListWanted] = useState(false);
  const [options, setOptions] = useState<readonly SearchOption[]>([]);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const listboxId = `${useId()}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const visible = focused && !dismissed;
  const open = visible && options.length > 0;

  // The box shows what the results screen shows (Back and Forward included).
  useEffect(() => setText(urlText), [urlText]);

  const submit = useCallback(
    (value: string) => {
      const clean = value.trim().slice(0, SEARCH_TEXT_MAX);
      if (!clean) return;
      setText(clean);
      setDismissed(true);
      setActive(-1);
      void navigate(searchPath(clean));
    },
    [navigate],
  );

  const onOptions = useCallback((next: readonly SearchOption[]) => {
    setOptions(next);
    setActive(-1);
  }, []);

  const pick = useCallback((option: SearchOption) => {
    setDismissed(true);
    setActive(-1);
    option.open();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        return;
      }
      const key = event.key;
      setActive((current) => moveActiveOption(current, options.length, key));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = open && active >= 0 ? options[active] : undefined;
      if (option) pick(option);
      else submit(text);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setDismissed(true);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  return (
    <div className={`${styles.box} ${variant === 'page' ? styles.page : ''}`} role="search" data-testid={`search-box-${variant}`}>
      <SearchIcon size={18} className={styles.icon} aria-hidden="true" />
      <input
        ref={input}
        className={styles.input}
        type="text"
        role="combobox"
        aria-label={t('shell:search_label')}
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? searchOptionId(listboxId, active) : undefined}
        placeholder={t('shell:search_placeholder')}
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        // The mobile header's search icon leads here to type.
        autoFocus={variant === 'page' && !urlText}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
          setListWanted(true);
        }}
        onBlur={() => setFocused(false)}
        onChange={(event) => {
          setText(event.target.value);
          setDismissed(false);
          setListWanted(true);
        }}
        onKeyDown={onKeyDown}
      />
      {text ? (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('shell:search_clear')}
          title={t('shell:search_clear')}
          onClick={() => {
            setText('');
            setDismissed(false);
            input.current?.focus();
          }}
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
      {listWanted ? (
        <Suspense fallback={null}>
          <SuggestionList id={listboxId} query={query} visible={visible} active={active} onOptions={onOptions} onPick={pick} onSearch={submit} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The mobile header's search icon: opens the search screen, whose box takes the focus. */
export function SearchIconLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.search} className={styles.iconLink} aria-label={t('shell:search_label')} title={t('shell:search_label')} data-testid="search-icon">
      <SearchIcon size={22} />
    </Link>
  );
}
