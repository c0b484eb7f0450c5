// Texts of the product detail fixed by the specification (sections 2, 4 and 5), word for word.
import { MSG } from '@shared/messages';

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
} as const;
