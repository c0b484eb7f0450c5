// Texts of the product and banner administration that the spec does not fix (labels, hints, accessible names).
// The spec's own texts are ADMIN_PRODUCT_MSG and BANNER_MSG in src/shared/schemas.

export const ADMIN_CATALOG_TEXT = {
  productsGrid: 'Productos',
  editProduct: 'Editar {sku}',
  loadingStatus: 'Cargando estado',
  statusFailed: 'No se pudo leer el Estado de los productos: {message}',
  retry: 'Reintentar',
  loading: 'Cargando',

  productUpdateTitle: 'Actualizar Producto',
  skuLabel: 'Sku',
  nameLabel: 'Nombre',
  offerLabel: 'Oferta',
  generoLabel: 'Género',
  percentageLabel: 'Porcentaje de descuento',
  enabledLabel: 'Habilitado',
  select: 'Seleccionar',
  filesTitle: 'Imágenes y documentos',
  noProductChosen: 'No hay un producto elegido: elíjalo en Administración Productos',
  backToProducts: 'Volver a productos',
  saving: 'Guardando',

  bannersGrid: 'Banners',
  editBanner: 'Editar banner',
  deleteBanner: 'Eliminar banner',
  noBannerChosen: 'No hay un banner elegido: elíjalo en Administración Banner',
  backToBanners: 'Volver a banners',
  bannerCreateButton: 'Cargar',
  bannerUpdateButton: 'Actualizar',

  // file pickers
  chooseFile: 'Elegir archivo',
  current: '{label} actual',
  chosen: '{label} nueva',
  viewCurrentPdf: 'Ver {label} actual',
  chosenFile: 'Archivo elegido: {file}',
  noCurrentFile: 'Sin archivo cargado',
  accept: 'Aceptar',
} as const;
