// The line sheet sent to a customer by mail (docs/linesheet.md): what POST /api/admin/linesheet/send and
// /api/rep/linesheet/send answer. The buyer's own download (GET /api/user/linesheet) answers the file itself.

export interface LinesheetSent {
  /** 'Lista de precios enviada a compras@cliente.cl'. */
  message: string;
  /** The mailbox(es) the mail goes to. */
  to: string;
  /** The customer's name, as the ERP has it. */
  company: string;
  /** Styles in the sheet. */
  styles: number;
  /** The attached file's name. */
  filename: string;
}
