import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { filterProducts } from './searchFilter';
import { searchProductsRequested, searchSubmitted, selectSearchProducts } from './searchSlice';

/** Spec section 9: the dropdown is at most 400 px high and 400 px wide. */
export const DROPDOWN_MAX_HEIGHT = 400;
export const DROPDOWN_WIDTH = 400;
export const ROW_HEIGHT = 56;
const OVERSCAN = 4;

const detailPath = (sku: string) => `/user/product-detail/${encodeURIComponent(sku)}`;

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
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const matches = useMemo(() => filterProducts(products.data, text), [products.data, text]);
  const showList = open && matches.length > 0;
  const showError = open && Boolean(text.trim()) && products.status === 'failed';

  const requestProducts = () => {
    if (products.status === 'idle' || products.status === 'failed') dispatch(searchProductsRequested());
  };

  const reset = () => {
    setOpen(false);
    setActive(-1);
    setScrollTop(0);
    if (listRef.current) listRef.current.scrollTop = 0;
  };

  const choose = (sku: string) => {
    reset();
    setText('');
    navigate(detailPath(sku));
  };

  const submit = () => {
    if (!text.trim()) return;
    reset();
    dispatch(searchSubmitted(text));
    navigate('/user/search-product');
  };

  /** Keeps the active row in the visible window. */
  const reveal = (i: number) => {
    const list = listRef.current;
    if (!list) return;
    const top = i * ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
    setScrollTop(list.scrollTop);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!matches.length) return;
      e.preventDefault();
      setOpen(true);
      const next = e.key === 'ArrowDown' ? Math.min(matches.length - 1, active + 1) : Math.max(-1, active - 1);
      setActive(next);
      if (next >= 0) reveal(next);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (showList && active >= 0 && matches[active]) choose(matches[active].sku);
      else submit();
    } else if (e.key === 'Escape') {
      reset();
    }
  };

  // the window: rows under the scroll position, plus a few either side
  const viewport = Math.min(DROPDOWN_MAX_HEIGHT, matches.length * ROW_HEIGHT);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(matches.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

  return (
    <Box
      role="search"
      onBlur={(e: React.FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) reset();
      }}
      sx={{ position: 'relative', flex: 1, minWidth: 0, order: { xs: 10, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' }, pb: { xs: 1, sm: 0 }, maxWidth: { sm: 520 } }}
    >
      <TextField
        type="search"
        size="small"
        fullWidth
        value={text}
        onFocus={() => {
          requestProducts();
          setOpen(true);
        }}
        onChange={(e) => {
          requestProducts();
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          setScrollTop(0);
          if (listRef.current) listRef.current.scrollTop = 0;
        }}
        onKeyDown={onKeyDown}
        placeholder={MSG.searchPlaceholder}
        autoComplete="off"
        slotProps={{
          htmlInput: {
            'aria-label': 'Buscar productos',
            'aria-autocomplete': 'list',
            'aria-controls': showList ? listId : undefined,
            'aria-activedescendant': showList && active >= 0 ? optionId(active) : undefined,
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton edge="end" size="small" aria-label="Buscar" onClick={submit}>
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {open && text.trim() && products.status === 'loaded' ? `${matches.length} productos encontrados` : ''}
      </Box>
      {showError && (
        <Paper role="alert" elevation={8} sx={{ position: 'absolute', top: '100%', left: 0, mt: 0.5, p: 2, width: DROPDOWN_WIDTH, maxWidth: 'calc(100vw - 16px)', zIndex: 'modal' }}>
          <Typography color="error">{products.error}</Typography>
        </Paper>
      )}
      {showList && (
        <Paper
          elevation={8}
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Productos encontrados"
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          sx={{
            position: 'absolute',
            top: '100%',
            left: 0,
            mt: 0.5,
            width: DROPDOWN_WIDTH,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: DROPDOWN_MAX_HEIGHT,
            overflowY: 'auto',
            zIndex: 'modal',
            color: 'text.primary',
          }}
        >
          <Box sx={{ position: 'relative', height: matches.length * ROW_HEIGHT }}>
            {matches.slice(first, last).map((item, k) => {
              const i = first + k;
              return (
                <Box
                  key={item.sku}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  aria-setsize={matches.length}
                  aria-posinset={i + 1}
                  onMouseDown={(e) => e.preventDefault()} // keep the focus in the box
                  onClick={() => choose(item.sku)}
                  sx={{
                    position: 'absolute',
                    top: i * ROW_HEIGHT,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    px: 1.5,
                    cursor: 'pointer',
                    // hover only highlights: Enter opens the row chosen with the arrow keys, never the one under a resting pointer
                    bgcolor: i === active ? 'action.selected' : 'transparent',
                    '&:hover': { bgcolor: i === active ? 'action.selected' : 'action.hover' },
                  }}
                >
                  {item.urlImage ? (
                    <Box component="img" src={item.urlImage} alt={item.descripcion} loading="lazy" width={40} height={40} sx={{ objectFit: 'cover', borderRadius: 0.5, flex: 'none' }} />
                  ) : (
                    <Box aria-hidden sx={{ width: 40, height: 40, bgcolor: 'grey.200', borderRadius: 0.5, flex: 'none' }} />
                  )}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" noWrap>
                      {item.descripcion}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="p">
                      {item.sku}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
