// Texts of the cart drawer and the cart detail besides the spec's own, which come from MSG word for word.
import { INCOMING_TEXTS } from '@shared/incoming';
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

  // the ERP does not answer (app/problems: what failed, then what is still there)
  erpDownLoad: 'No pudimos mostrar tu carro',
  erpDownLoadKept: 'tus productos siguen guardados en el carro',
  erpDownAdd: 'No pudimos agregar los productos al carro',
  erpDownAddKept: 'las cantidades que elegiste siguen en la página',
  erpDownAddSome: 'las tallas que sí se agregaron están en tu carro y las demás siguen elegidas en la página',
  erpDownChange: 'No pudimos cambiar tu carro',
  erpDownChangeKept: 'tu carro sigue como estaba',
} as const;

type Line = { name: string; size: string; porLlegar?: boolean };

/** '1 Producto', '3 Productos'. */
export const productCount = (n: number) => `${n} ${n === 1 ? MSG.cartProduct : MSG.cartProducts}`;

export const drawerTitle = (n: number) => fill(MSG.cartDrawerTitle, { n });

/** 'Polera talla M'; a pre-order line says so, since a size may have both ('Polera talla M (por llegar)'). */
export const lineLabel = ({ name, size, porLlegar }: Line) => `${size ? `${name} talla ${size}` : name}${porLlegar ? ` ${INCOMING_TEXTS.lineSuffix}` : ''}`;
export const quantityLabel = (line: Line) => `${CART_TEXT.quantity} ${lineLabel(line)}`;
export const decreaseLabel = (line: Line) => `Restar una unidad de ${lineLabel(line)}`;
export const increaseLabel = (line: Line) => `Sumar una unidad de ${lineLabel(line)}`;
export const deleteLabel = (line: Line) => `Eliminar ${lineLabel(line)}`;
