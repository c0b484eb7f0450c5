// The texts of 'Lista de precios' (docs/linesheet.md).
export const LINESHEET_TEXT = {
  title: 'Lista de precios',
  intro:
    'Descargue el catálogo con sus precios: el precio de lista, su precio (con su descuento de fidelización y las ofertas, como los cobra el carro) y un precio de venta sugerido. El Excel trae una columna "Cantidad a pedir": complétela y súbala en Pedido rápido.',
  scope: 'Estilos a incluir',
  scopes: {
    TODO: 'Todo el catálogo',
    CATEGORIA: 'Una categoría',
    BUSQUEDA: 'Una búsqueda',
    OFERTAS: 'Las ofertas',
    TEMPORADA: 'Próxima temporada',
    LISTA: 'Una lista guardada',
  },
  list: 'Lista guardada',
  chooseList: 'Elija una lista',
  loadingLists: 'Cargando listas…',
  listNumber: 'Lista N° {id}',
  noLists: 'No tiene listas guardadas: guarde estilos desde el catálogo en Listas guardadas.',
  category: 'Categoría',
  scategory: 'Tipo',
  sscategory: 'Variante',
  any: 'Todas',
  query: 'Buscar (nombre o código)',
  markup: 'Margen para el precio sugerido',
  markupHelp: 'Precio sugerido: su precio × margen, redondeado a $990 (por ejemplo 2,2)',
  excel: 'Descargar Excel',
  pdf: 'Descargar PDF',
  cancel: 'Cancelar',
  generating: 'Generando lista de precios…',
  progress: 'Generando lista de precios… {percent}%',
  progressLabel: 'Avance de la lista de precios',
  styles: '{count} estilos',
  done: 'Lista de precios descargada: {name}',
  cancelled: 'Descarga cancelada',
} as const;

// 'Enviar lista de precios': an admin or a rep sends a customer their sheet by mail.
export const LINESHEET_SEND_TEXT = {
  title: 'Enviar lista de precios',
  introAdmin:
    'Envíe a un cliente su lista de precios por correo: con sus precios (su descuento de fidelización y las ofertas, como los cobra su carro), en Excel o PDF.',
  introRep: 'Envíe a uno de sus clientes su lista de precios por correo: con sus precios, como los cobra su carro, en Excel o PDF.',
  rut: 'Rut del cliente',
  email: 'E-mail de destino',
  emailHelp: 'Déjelo vacío para enviarla al e-mail del cliente en el ERP',
  format: 'Formato',
  formats: { xlsx: 'Excel (con "Cantidad a pedir")', pdf: 'PDF con fotos' },
  message: 'Mensaje para el cliente (opcional)',
  send: 'Enviar lista de precios',
  sending: 'Enviando…',
  nav: 'Enviar lista de precios',
  sendTo: 'Enviar lista de precios a {name}',
} as const;
