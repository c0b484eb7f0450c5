import SearchIcon from '@mui/icons-material/Search';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { memo, useCallback, useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CatalogueItem } from '@shared/api/erp';
import { MSG } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { filterProducts } from './searchFilter';
import { searchProductsRequested, searchSubmitted, selectSearchProducts } from './searchSlice';
import { markKeystroke, measureKeystroke } from './searchTiming';
import './searchFeature'; // the feature's slice and saga, in the store before this screen renders
import { productDetailPath } from '@client/app/routePaths';

/** R-SRCH-1: the dropdown is at most 400 px high and 400 px wide. */
export const DROPDOWN_MAX_HEIGHT = 400;
export const DROPDOWN_WIDTH = 400;
export const ROW_HEIGHT = 56;
const OVERSCAN = 4;


// A keystroke is kept short (docs/architecture.md, "The search box"): the field is not controlled by React state, so
// typing re-renders neither the field nor the list; the text goes to state and the list follows it as a deferred
// value (useDeferredValue): filtering the catalogue and drawing the visible rows happen in a render of their own,
// which React drops when the next key arrives first. The box, the list and its rows are plain elements whose styles
// are written into the page once (SearchStyles).

/** Class names of the box's parts (styled once for the page by SearchStyles). */
const CLS = {
  root: 'portal-search',
  list: 'portal-search-list',
  rows: 'portal-search-rows',
  row: 'portal-search-row',
  image: 'portal-search-row-image',
  noImage: 'portal-search-row-noimage',
  text: 'portal-search-row-text',
  name: 'portal-search-row-name',
  sku: 'portal-search-row-sku',
} as const;

/** What the screen reader hears, out of sight. */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * The box's styles, written once into the page: a keystroke renders plain elements with these class names, so no
 * style is computed per key or per row (the list's look is MUI's Paper at elevation 8).
 */
const searchStyles = (theme: Theme) => ({
  [`.${CLS.root}`]: {
    position: 'relative',
    flex: 1,
    minWidth: 0,
    order: 10,
    flexBasis: '100%',
    paddingBottom: theme.spacing(1),
    [theme.breakpoints.up('sm')]: { order: 0, flexBasis: 'auto', paddingBottom: 0, maxWidth: 520 },
  },
  [`.${CLS.list}`]: {
    position: 'absolute',
    top: '100%',
    left: 0,
    marginTop: theme.spacing(0.5),
    width: DROPDOWN_WIDTH,
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: DROPDOWN_MAX_HEIGHT,
    overflowY: 'auto',
    zIndex: theme.zIndex.modal,
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    borderRadius: theme.shape.borderRadius,
    boxShadow: theme.shadows[8],
  },
  [`.${CLS.rows}`]: { position: 'relative' },
  [`.${CLS.row}`]: {
    position: 'absolute',
    left: 0,
    right: 0,
    height: ROW_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(0, 1.5),
    cursor: 'pointer',
    // hover only highlights: Enter opens the row chosen with the arrow keys, never the one under a resting pointer
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&[aria-selected="true"]': { backgroundColor: theme.palette.action.selected },
  },
  [`.${CLS.image}`]: { width: 40, height: 40, objectFit: 'cover', borderRadius: Number(theme.shape.borderRadius) / 2, flex: 'none' },
  [`.${CLS.noImage}`]: { width: 40, height: 40, backgroundColor: theme.palette.grey[200], borderRadius: Number(theme.shape.borderRadius) / 2, flex: 'none' },
  [`.${CLS.text}`]: { minWidth: 0 },
  [`.${CLS.text} > p`]: { margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  [`.${CLS.name}`]: theme.typography.body2,
  [`.${CLS.sku}`]: { ...theme.typography.caption, color: theme.palette.text.secondary },
});

const SearchStyles = memo(function SearchStyles() {
  return <GlobalStyles styles={searchStyles} />;
});

interface RowProps {
  item: CatalogueItem;
  index: number;
  total: number;
  active: boolean;
  id: string;
  onChoose: (sku: string) => void;
}

const Row = memo(function Row({ item, index, total, active, id, onChoose }: RowProps) {
  return (
    <div
      className={CLS.row}
      id={id}
      role="option"
      aria-selected={active}
      aria-setsize={total}
      aria-posinset={index + 1}
      style={{ top: index * ROW_HEIGHT }}
      onMouseDown={(e) => e.preventDefault()} // keep the focus in the box
      onClick={() => onChoose(item.sku)}
    >
      {item.urlImage ? (
        <img className={CLS.image} src={item.urlImage} alt={item.descripcion} loading="lazy" width={40} height={40} />
      ) : (
        <div className={CLS.noImage} aria-hidden />
      )}
      <div className={CLS.text}>
        <p className={CLS.name}>{item.descripcion}</p>
        <p className={CLS.sku}>{item.sku}</p>
      </div>
    </div>
  );
});

interface ResultsProps {
  matches: CatalogueItem[];
  listId: string;
  listRef: RefObject<HTMLDivElement | null>;
  active: number;
  scrollTop: number;
  onScroll: (top: number) => void;
  onChoose: (sku: string) => void;
}

/** The windowed dropdown: only the rows under the scroll position (and a few either side) are in the page. */
const Results = memo(function Results({ matches, listId, listRef, active, scrollTop, onScroll, onChoose }: ResultsProps) {
  const viewport = Math.min(DROPDOWN_MAX_HEIGHT, matches.length * ROW_HEIGHT);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(matches.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
  const rows = [];
  for (let i = first; i < last; i += 1) {
    const item = matches[i]!;
    rows.push(<Row key={item.sku} item={item} index={i} total={matches.length} active={i === active} id={`${listId}-option-${i}`} onChoose={onChoose} />);
  }
  return (
    // a Tab stop of its own: the list scrolls, and a keyboard must reach it to scroll it (axe scrollable-region-focusable)
    <div className={CLS.list} ref={listRef} id={listId} role="listbox" aria-label="Productos encontrados" tabIndex={0} onScroll={(e) => onScroll(e.currentTarget.scrollTop)}>
      <div className={CLS.rows} style={{ height: matches.length * ROW_HEIGHT }}>
        {rows}
      </div>
    </div>
  );
});

interface FieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  listId: string | undefined;
  activeId: string | undefined;
  onFocus: () => void;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onSubmit: () => void;
}

/** The text field itself, uncontrolled: it re-renders only when the list opens or closes or the active row moves. */
const SearchField = memo(function SearchField({ inputRef, listId, activeId, onFocus, onChange, onKeyDown, onSubmit }: FieldProps) {
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      inputRef={inputRef}
      onFocus={onFocus}
      onChange={onChange}
      onKeyDown={onKeyDown}
      placeholder={MSG.searchPlaceholder}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          'aria-label': 'Buscar productos',
          'aria-autocomplete': 'list',
          'aria-controls': listId,
          'aria-activedescendant': activeId,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" size="small" aria-label="Buscar" onClick={onSubmit}>
                <SearchIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
      sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
    />
  );
});

/**
 * The top bar's product search: filters the whole list as the user types and shows the matches in a
 * windowed dropdown (only the visible rows are in the DOM); Enter or the button opens the results page.
 */
export default function SearchBox() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const products = useAppSelector(selectSearchProducts);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [scrollTop, setScrollTop] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  // the list follows the text in a render of its own (dropped when the next key comes first)
  const query = useDeferredValue(text);
  const matches = useMemo(() => filterProducts(products.data, query), [products.data, query]);
  const showList = open && matches.length > 0;
  const showError = open && Boolean(text.trim()) && products.status === 'failed';
  // the results of the latest key are committed (User Timing, searchTiming.ts)
  useLayoutEffect(measureKeystroke, [query, matches]);

  // what the handlers read (as of the last commit), so they keep one identity and the memoized field and rows are not
  // drawn again
  const latest = useRef({ text, matches, active, showList, status: products.status });
  useLayoutEffect(() => {
    latest.current = { text, matches, active, showList, status: products.status };
  });

  const requestProducts = useCallback(() => {
    const { status } = latest.current;
    if (status === 'idle' || status === 'failed') dispatch(searchProductsRequested());
  }, [dispatch]);

  const reset = useCallback(() => {
    setOpen(false);
    setActive(-1);
    setScrollTop(0);
    if (listRef.current) listRef.current.scrollTop = 0;
  }, []);

  const choose = useCallback(
    (sku: string) => {
      reset();
      setText('');
      if (inputRef.current) inputRef.current.value = '';
      navigate(productDetailPath(sku));
    },
    [navigate, reset],
  );

  const submit = useCallback(() => {
    const current = latest.current.text;
    if (!current.trim()) return;
    reset();
    dispatch(searchSubmitted(current));
    navigate('/user/search-product');
  }, [dispatch, navigate, reset]);

  const onFocus = useCallback(() => {
    requestProducts();
    setOpen(true);
  }, [requestProducts]);

  const onChange = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => {
      markKeystroke();
      requestProducts();
      setText(e.target.value);
      setOpen(true);
      setActive(-1);
      setScrollTop(0);
      if (listRef.current) listRef.current.scrollTop = 0;
    },
    [requestProducts],
  );

  /** Keeps the active row in the visible window. */
  const reveal = useCallback((i: number) => {
    const list = listRef.current;
    if (!list) return;
    const top = i * ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
    setScrollTop(list.scrollTop);
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLInputElement>) => {
      const { matches: found, active: current, showList: listShown } = latest.current;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!found.length) return;
        e.preventDefault();
        setOpen(true);
        const next = e.key === 'ArrowDown' ? Math.min(found.length - 1, current + 1) : Math.max(-1, current - 1);
        setActive(next);
        if (next >= 0) reveal(next);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        if (listShown && current >= 0 && found[current]) choose(found[current].sku);
        else submit();
      } else if (e.key === 'Escape') {
        reset();
      }
    },
    [choose, reset, reveal, submit],
  );

  return (
    <div
      role="search"
      className={CLS.root}
      onBlur={(e: React.FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) reset();
      }}
    >
      <SearchStyles />
      <SearchField
        inputRef={inputRef}
        listId={showList ? listId : undefined}
        activeId={showList && active >= 0 ? `${listId}-option-${active}` : undefined}
        onFocus={onFocus}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onSubmit={submit}
      />
      <div aria-live="polite" style={visuallyHidden}>
        {open && query.trim() && products.status === 'loaded' ? `${matches.length} productos encontrados` : ''}
      </div>
      {showError && (
        <Paper role="alert" elevation={8} sx={{ position: 'absolute', top: '100%', left: 0, mt: 0.5, p: 2, width: DROPDOWN_WIDTH, maxWidth: 'calc(100vw - 16px)', zIndex: 'modal' }}>
          <Typography color="error">{products.error}</Typography>
        </Paper>
      )}
      {showList && <Results matches={matches} listId={listId} listRef={listRef} active={active} scrollTop={scrollTop} onScroll={setScrollTop} onChoose={choose} />}
    </div>
  );
}
