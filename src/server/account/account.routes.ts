import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountDocumentParams, accountDocumentsQuery, accountFileParams, accountPaymentParams, statementQuery } from '@shared/schemas/account';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import type { AccountService } from './account.service';
import { statementFileName, statementPdf, statementXlsx, XLSX_TYPE } from './statementFiles';

/** A download's name as a header can carry it: letters, digits, dot, dash and underscore only. */
const safeName = (name: string): string => name.normalize('NFD').replace(/[^\w.-]+/g, '_') || 'documento';

function download(reply: FastifyReply, type: string, fileName: string, bytes: Uint8Array) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${safeName(fileName)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * The buyer's current account, read side (docs/account.md): summary, open items, one document with its chain and
 * payments, a DTE's PDF or XML, a payment, the statement (JSON, XLSX, PDF). Company Administrador and Finanzas only.
 */
export default async function accountRoutes(app: FastifyInstance, opts: { account: AccountService }) {
  const api = app.withTypeProvider<YupTypeProvider>();
  const { account } = opts;
  const finance = { config: { access: 'buyer' as const, capability: 'finance' as const } };

  api.get('/api/user/account/summary', { ...finance, schema: { response: { 200: answer('AccountSummary') } } }, (request) =>
    account.summary(requireUser(request)));

  api.get(
    '/api/user/account/documents',
    { ...finance, schema: { querystring: accountDocumentsQuery, response: { 200: answer('AccountItemList') } } },
    (request) => account.documents(requireUser(request), request.query),
  );

  api.get(
    '/api/user/account/documents/:kind/:docEntry',
    { ...finance, schema: { params: accountDocumentParams, response: { 200: answer('AccountDocumentDetail') } } },
    (request) => account.document(requireUser(request), request.params.kind, request.params.docEntry),
  );

  api.get('/api/user/account/documents/:kind/:docEntry/file/:format', { ...finance, schema: { params: accountFileParams } }, async (request, reply) => {
    const { kind, docEntry, format } = request.params;
    const file = await account.file(requireUser(request), kind, docEntry, format);
    const type = format === 'pdf' ? 'application/pdf' : 'application/xml';
    return download(reply, type, file.fileName, file.bytes);
  });

  api.get(
    '/api/user/account/payments/:docEntry',
    { ...finance, schema: { params: accountPaymentParams, response: { 200: answer('AccountPayment') } } },
    (request) => account.payment(requireUser(request), request.params.docEntry),
  );

  api.get(
    '/api/user/account/statement',
    { ...finance, schema: { querystring: statementQuery, response: { 200: answer('AccountStatement') } } },
    async (request, reply) => {
      const statement = await account.statement(requireUser(request), request.query);
      if (request.query.format === 'xlsx') return download(reply, XLSX_TYPE, statementFileName(statement, 'xlsx'), await statementXlsx(statement));
      if (request.query.format === 'pdf') return download(reply, 'application/pdf', statementFileName(statement, 'pdf'), statementPdf(statement));
      return statement;
    },
  );
}
