// Writes src/server/http/apiSchemas.ts: the JSON schemas of the API answers, read from the TypeScript types of
// src/shared/api with the compiler, so the response schemas cannot drift from the types the SPA reads.
// Run after changing an answer type: `npx tsx src/server/tools/apiSchemas.ts` (a test checks the file is current).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from '../paths';

const root = PROJECT_ROOT;
const apiDir = path.join(root, 'src/shared/api');
const out = path.join(root, 'src/server/http/apiSchemas.ts');

/** The answer types the routes declare (exported from src/shared/api). */
const ANSWER_TYPES = [
  'MessageResponse', 'LoginResponse', 'SessionMe', 'HealthResponse', 'ReadyResponse',
  'CustomerProfile', 'Region', 'Country', 'CatalogueTree', 'CatalogueItem', 'ProductDetail', 'Transport', 'PendingDocument',
  'PurchaseHistoryHeader', 'PurchaseHistoryLine', 'ProductListItem', 'OfferLookupResult',
  'CartItem', 'CartResponse', 'CartBulkResponse', 'QuickOrderValidation', 'ReorderResponse', 'HomeOfferCard', 'HomeBanner', 'OfferItem', 'ProductContent',
  'Order', 'OrderSubmissionResponse', 'NotificationRecipient', 'PublicRecipient',
  'AdminJobList', 'RetryJobResponse', 'ProductStatusResponse', 'AdminUser', 'ErpCustomerLookup', 'DeleteUserResponse',
  'Banner', 'DeleteBannerResponse', 'WebpayCreateResponse', 'CardPaymentResult', 'KhipuCreateResponse',
  'TransferPaymentStatus', 'ErpPaymentResponse', 'PublicConfigResponse',
  // operations (admin orders, jobs, audit, users; the buyer's orders)
  'AdminOrderList', 'AdminOrderDetail', 'AdminJobDetail', 'RetryJobsResponse', 'JobsSummary', 'AuditList', 'AdminUserPage',
  'BuyerOrderList', 'BuyerOrderDetail',
  // size curves (docs/size-grid.md)
  'SizeCurve', 'SizeCurveList',
  // saved lists (docs/saved-lists.md)
  'SavedList', 'SavedListList', 'SavedListDetail', 'SavedListStyleAdded',
  // the people of a buying company (docs/company-people.md)
  'CompanyPerson', 'CompanyPersonAnswer',
  // approval of orders by the buying company (docs/company-people.md)
  'CompanyApprovalList', 'CompanyApprovalDecision',
  // the wholesaler's sales reps (docs/sales-reps.md)
  'RepresentResponse', 'AdminSalesPersonList', 'PaymentLinkStatus', 'PaymentLinkView', 'PaymentLinkPayResponse', 'RepCustomerList', 'RepOrderList', 'RepOrderDetail',
  // the buyer's current account (docs/account.md)
  'AccountSummary', 'AccountItemList', 'AccountDocumentDetail', 'AccountPayment', 'AccountStatement', 'AccountPayPreview', 'AccountClaim', 'AccountAlertsPreference',
  // 'Avísame cuando llegue' (docs/stock-alerts.md)
  'StockAlertList', 'StockAlertCreated', 'StockAlertUnsubscribed', 'LinesheetSent',
  // every failure's answer (the API description's ErrorAnswer)
  'ApiError',
];

type Json = Record<string, unknown>;

export function generate(): string {
  const files = ts.sys.readDirectory(apiDir, ['.ts']);
  const program = ts.createProgram(files, { strict: true, target: ts.ScriptTarget.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext });
  const checker = program.getTypeChecker();
  const exported = new Map<string, ts.Symbol>();
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)) exported.set(s.name, s);
  }

  const schemaOf = (type: ts.Type, where: string): Json => {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (type.isUnion()) {
      const parts = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
      const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
      const rest = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
      let schema: Json;
      if (rest.every((t) => t.isStringLiteral())) schema = { type: 'string', enum: rest.map((t) => (t as ts.StringLiteralType).value) };
      else if (rest.every((t) => t.isNumberLiteral())) schema = { type: 'number', enum: rest.map((t) => (t as ts.NumberLiteralType).value) };
      else if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLike)) schema = { type: 'boolean' };
      else if (rest.every((t) => t.flags & ts.TypeFlags.NumberLike)) schema = { type: 'number' };
      else if (rest.length === 1) schema = schemaOf(rest[0]!, where);
      else schema = { anyOf: rest.map((t) => schemaOf(t, where)) };
      if (!nullable) return schema;
      if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
      return { anyOf: [schema, { type: 'null' }] };
    }
    if (type.flags & ts.TypeFlags.StringLike) return type.isStringLiteral() ? { type: 'string', enum: [type.value] } : { type: 'string' };
    if (type.flags & ts.TypeFlags.NumberLike) return { type: 'number' };
    if (type.flags & ts.TypeFlags.BooleanLike) return { type: 'boolean' };
    if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
    if (checker.isArrayType(type)) return { type: 'array', items: schemaOf(checker.getTypeArguments(type as ts.TypeReference)[0]!, `${where}[]`) };
    if (type.symbol?.name === 'Date') return { type: 'string', format: 'date-time' };
    if (type.flags & ts.TypeFlags.Object) {
      const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
      const properties: Json = {};
      const required: string[] = [];
      for (const prop of checker.getPropertiesOfType(type)) {
        const decl = prop.valueDeclaration ?? prop.declarations?.[0];
        const propType = checker.getTypeOfSymbol(prop);
        if (propType.flags & ts.TypeFlags.Never) continue;
        properties[prop.name] = schemaOf(propType, `${where}.${prop.name}`);
        const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || (decl && ts.isPropertySignature(decl) && !!decl.questionToken);
        if (!optional) required.push(prop.name);
      }
      const schema: Json = { type: 'object', properties };
      // documented only: fast-json-stringify throws on a missing required property, and answers are not validated
      if (required.length) schema['x-required'] = required;
      if (index) schema.additionalProperties = schemaOf(index.type, `${where}{}`);
      return schema;
    }
    throw new Error(`${where}: tipo sin esquema (${checker.typeToString(type)})`);
  };

  const lines = [
    '// Generated by src/server/tools/apiSchemas.ts from the types of src/shared/api: do not edit by hand.',
    '',
    'export const API_SCHEMAS = {',
  ];
  for (const name of ANSWER_TYPES) {
    const symbol = exported.get(name);
    if (!symbol) throw new Error(`${name} no está exportado en src/shared/api`);
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const schema = { title: name, ...schemaOf(checker.getDeclaredTypeOfSymbol(target), name) };
    lines.push(`  ${name}: ${JSON.stringify(schema)},`);
  }
  lines.push('} as const;', '', 'export type ApiSchemaName = keyof typeof API_SCHEMAS;', '');
  return lines.join('\n');
}

if (process.argv[1]?.endsWith(path.join('tools', 'apiSchemas.ts'))) {
  writeFileSync(out, generate());
  console.log(`escrito ${path.relative(root, out)}`);
}
