// Texts of the product detail fixed by R-PROD-1 to R-PROD-4, word for word; then the portal's own.
import { MSG } from '@shared/messages';
import { erpDownText } from '@client/app/problems';

export const PRODUCT_TEXT = {
  addToCart: 'Agregar al Carro',
  specifications: 'Especificaciones y Composición',
  technicalSheet: 'Ficha técnica',
  sizeGuide: 'Guía de tallas',
  aboveStock: MSG.aboveStock,
  belowZero: 'Un producto es menor a cero',
  nothingSelected: 'No hay productos seleccionado',
  loginRequiredTitle: MSG.loginRequiredTitle,
  loginRequiredButton: MSG.loginRequiredButton,

  // the portal's own (the spec names the distributor price without a text)
  /** The price the buyer pays for a unit: the list price less the offer, then less the loyalty discount (the cart's rule). */
  priceYouPay: 'Tu precio distribuidor',
  priceYouPayNote: 'Es lo que pagas por unidad en el carro: {parts}.',
  /** When the sizes differ in price: the headline is the cheapest size's ('desde'), each size says its own. */
  pricePerSize: 'Las tallas no cuestan lo mismo: cada una muestra su precio por unidad.',
  priceParts: { list: 'precio lista', offer: 'oferta -{pct}%', loyalty: 'tu descuento de fidelización -{pct}%' },
  offerPrice: 'Precio oferta',
  listPrice: 'Precio lista',
  adding: 'Agregando al carro',
  retry: 'Reintentar',
  erpDown: erpDownText('No pudimos mostrar el stock y los precios de este producto', 'tu carro sigue guardado'),
} as const;

/** The colour × size grid and its size curves (docs/size-grid.md): the portal's own texts. */
export const GRID_TEXT = {
  views: 'Cómo elegir cantidades',
  viewSizes: 'Por talla',
  viewGrid: 'Por color y talla',
  title: 'Pedido por color y talla',
  table: 'Cantidades por color y talla',
  colour: 'Color',
  packs: 'Curvas',
  packsOf: 'Curvas de {color}',
  total: 'Total',
  amount: 'Monto',
  priceOf: 'Tu precio',
  priceFrom: MSG.priceFrom,
  columnTotal: 'Total por talla',
  noSize: 'No se fabrica en esta talla',
  /** A cell's accessible name: a screen reader hears the size's own price. */
  cell: '{color}, talla {talla}, stock {stock}, {price} por unidad',
  /** Under the table when a colour's sizes differ in price. */
  sizesDiffer: 'Las tallas de un mismo color no siempre cuestan lo mismo: cada celda muestra el precio por unidad de su talla.',
  sizePrice: '{price} c/u',
  stock: 'Stock {stock}',
  short: 'Falta stock',
  colourSwitcher: 'Color a mostrar',
  curve: 'Curva',
  curveNone: 'Elige una curva',
  ownCurves: 'Mis curvas',
  suggestedCurves: 'Curvas sugeridas',
  curveHelp: 'Una curva reparte cada pack entre las tallas (por ejemplo S:1 M:2 L:2 XL:1). Escribe cuántas curvas quieres de cada color y aplícala.',
  curveUnits: '{units} unidades por curva',
  apply: 'Aplicar curva',
  clear: 'Vaciar grilla',
  saveCurve: 'Guardar curva',
  saveCurveTitle: 'Guardar una curva',
  curveName: 'Nombre de la curva',
  ratioOf: 'Proporción talla {talla}',
  ratioHelp: 'Unidades de cada talla en una curva; 0 deja la talla fuera.',
  save: 'Guardar',
  cancel: 'Cancelar',
  noCurve: 'Elige una curva antes de aplicarla',
  noPacks: 'Escribe cuántas curvas quieres en al menos un color',
  filledAll: 'Curva aplicada: {filled} unidades',
  filledShort: 'Curva aplicada: {filled} de {wanted} unidades; lo que falta no tiene stock',
  shortTitle: 'No alcanzó el stock para toda la curva',
  shortLine: '{color} talla {talla}: {filled} de {wanted} (stock {stock})',
  missingLine: '{color} talla {talla}: no se fabrica en esta talla (faltan {wanted})',
  problemsTitle: 'Algunas tallas no se agregaron completas',
  curvesFailed: 'No pudimos cargar tus curvas guardadas; las sugeridas siguen disponibles',
  erpDownAdd: 'No pudimos agregar los productos al carro',
  erpDownAddKept: 'las cantidades que elegiste siguen en la grilla',
  saveFailed: 'No pudimos guardar la curva',
  deleteCurve: 'Eliminar curva',
  deleteFailed: 'No pudimos eliminar la curva',
} as const;
