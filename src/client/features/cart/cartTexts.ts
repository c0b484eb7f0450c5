// Texts of the cart drawer and the cart detail besides the spec's own, which come from MSG word for word.
import { fill, MSG } from '@shared/messages';

export const CART_TEXT = {
  priceList: 'P. Lista',
  priceOffer: 'P. Oferta',
  priceDistributor: 'P. Distrib.',
  lineTotal: 'Total',
  quantity: 'Cantidad',
  size: 'Talla',
  linesLabel: 'Productos del carro',
  loading: 'Cargando carro',
  loadFailed: 'No se pudo cargar el carro.',
  retry: 'Reintentar',
  close: 'Cerrar carro',
  goShopping: 'Ver catálogo',
} as const;

type Line = { name: string; size: string };

/** '1 Producto', '3 Productos'. */
export const productCount = (n: number) => `${n} ${n === 1 ? MSG.cartProduct : MSG.cartProducts}`;

export const drawerTitle = (n: number) => fill(MSG.cartDrawerTitle, { n });

export const lineLabel = ({ name, size }: Line) => (size ? `${name} talla ${size}` : name);
export const quantityLabel = (line: Line) => `${CART_TEXT.quantity} ${lineLabel(line)}`;
export const decreaseLabel = (line: Line) => `Restar una unidad de ${lineLabel(line)}`;
export const increaseLabel = (line: Line) => `Sumar una unidad de ${lineLabel(line)}`;
export const deleteLabel = (line: Line) => `Eliminar ${lineLabel(line)}`;
