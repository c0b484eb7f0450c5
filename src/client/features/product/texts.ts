// Texts of the product detail fixed by the specification (sections 2, 4 and 5), word for word; then the portal's own.
import { MSG } from '@shared/messages';
import { erpDownText } from '@client/app/problems';

export const PRODUCT_TEXT = {
  addToCart: 'Agregar al Carro',
  specifications: 'Especificaciones y Composición',
  technicalSheet: 'Ficha técnica',
  sizeGuide: 'Guía de tallas',
  aboveStock: 'Un producto excede es mayor al stock',
  belowZero: 'Un producto es menor a cero',
  nothingSelected: 'No hay productos seleccionado',
  loginRequiredTitle: MSG.loginRequiredTitle,
  loginRequiredButton: MSG.loginRequiredButton,

  // the portal's own (the spec names the distributor price without a text)
  /** The price the buyer pays for a unit: the list price less the offer, then less the loyalty discount (the cart's rule). */
  priceYouPay: 'Tu precio distribuidor',
  priceYouPayNote: 'Es lo que pagas por unidad en el carro: {parts}.',
  priceParts: { list: 'precio lista', offer: 'oferta -{pct}%', loyalty: 'tu descuento de fidelización -{pct}%' },
  offerPrice: 'Precio oferta',
  listPrice: 'Precio lista',
  adding: 'Agregando al carro',
  retry: 'Reintentar',
  erpDown: erpDownText('No pudimos mostrar el stock y los precios de este producto', 'tu carro sigue guardado'),
} as const;
