import { anyOf, entity, filter, literal, queryString } from '@server/erp/odata';
import { parseSessionCookies } from '@server/erp/serviceLayer';
import { ErpError, erpFailureMessage, errorFromNetwork, errorFromResponse } from '@server/erp/errors';

describe('OData query text', () => {
  it('quotes string literals, doubling single quotes, and leaves numbers bare', () => {
    expect(literal("O'Higgins")).toBe("'O''Higgins'");
    expect(literal('')).toBe("''");
    expect(literal(22)).toBe('22');
    expect(literal(true)).toBe('true');
    expect(literal(null)).toBe('null');
    expect(literal(new Date('2026-11-01T12:00:00Z'))).toBe("'2026-11-01'");
    expect(() => literal(Number.NaN)).toThrow(RangeError);
  });

  it('builds entity paths with quoted string keys and bare integer keys', () => {
    expect(entity('BusinessPartners', 'C76123456')).toBe("BusinessPartners('C76123456')");
    expect(entity('BusinessPartners', "C'1")).toBe("BusinessPartners('C''1')");
    expect(entity('Invoices', 22)).toBe('Invoices(22)');
    expect(() => entity('Invoices', 2.5)).toThrow(RangeError);
  });

  it('turns every interpolated value of a filter into a literal, so input cannot change the query', () => {
    const code = "C1' or CardCode ne '";
    expect(filter`CardCode eq ${code} and DocEntry eq ${7}`).toBe("CardCode eq 'C1'' or CardCode ne ''' and DocEntry eq 7");
    expect(anyOf('FederalTaxID', ['76123456-0', '76.123.456-0'])).toBe("(FederalTaxID eq '76123456-0' or FederalTaxID eq '76.123.456-0')");
    expect(() => anyOf('ItemCode', [])).toThrow(RangeError);
  });

  it('percent-encodes option values and keeps the $ names', () => {
    expect(queryString({ select: ['CardCode', 'CardName'], filter: "CardName eq 'A&B S.A.'", orderby: 'CardCode desc', top: 5, skip: 10, inlinecount: true }))
      .toBe("$select=CardCode%2CCardName&$filter=CardName%20eq%20'A%26B%20S.A.'&$orderby=CardCode%20desc&$top=5&$skip=10&$inlinecount=allpages");
    expect(queryString(undefined)).toBe('');
    expect(queryString({ select: [] })).toBe('');
  });
});

describe('Service Layer session cookies', () => {
  it('takes B1SESSION and ROUTEID from Set-Cookie headers and ignores attributes and other cookies', () => {
    expect(
      parseSessionCookies(['B1SESSION=3b8e1f2a-0c3d-11ef-8000-0242ac110002;HttpOnly;', 'ROUTEID=.node1; path=/b1s', 'other=1; Secure']),
    ).toEqual({ B1SESSION: '3b8e1f2a-0c3d-11ef-8000-0242ac110002', ROUTEID: '.node1' });
    expect(parseSessionCookies([])).toEqual({});
  });
});

describe('ERP error mapping', () => {
  const body = (code: number, value: string) => ({ error: { code, message: { lang: 'en-us', value } } });

  it('maps -2028 / 404 to 404', () => {
    const error = errorFromResponse(404, body(-2028, 'No matching records found (ODBC -2028)'));
    expect(error).toMatchObject({ status: 404, code: 'ERP_NOT_FOUND', erpCode: -2028, erpMessage: 'No matching records found (ODBC -2028)' });
    expect(error.message).toBe('No se encontró el registro en el ERP');
  });

  it('maps -10 / 400 to 400 with the ERP text as the message', () => {
    const error = errorFromResponse(400, body(-10, '1250000088 - Item code is invalid'));
    expect(error).toMatchObject({ status: 400, code: 'ERP_REJECTED', erpCode: -10, message: '1250000088 - Item code is invalid' });
  });

  it('maps 5xx (with or without a JSON body) to 503 in Spanish', () => {
    expect(errorFromResponse(500, body(-1, 'Internal error'))).toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE', message: 'El ERP no está disponible' });
    expect(errorFromResponse(502, '<html>Bad gateway</html>')).toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE', upstreamStatus: 502 });
  });

  it('maps other 4xx, -5006 (action not supported) and -1000 (malformed request) to 502: not the buyer\'s to fix', () => {
    expect(errorFromResponse(400, body(-5006, 'The requested action is not supported for this object.'))).toMatchObject({
      status: 502, code: 'ERP_UNSUPPORTED', erpCode: -5006, message: 'El ERP rechazó la operación: The requested action is not supported for this object.',
    });
    expect(errorFromResponse(400, body(-1000, "Property 'Foo' of 'Item' is invalid"))).toMatchObject({ status: 502, code: 'ERP_UNSUPPORTED', erpCode: -1000 });
    expect(errorFromResponse(405, undefined)).toMatchObject({ status: 502, code: 'ERP_UNSUPPORTED', message: 'El ERP rechazó la operación' });
  });

  it('maps a refused connection to 503 and a timeout to 503 ERP_TIMEOUT', () => {
    const refused = errorFromNetwork(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), 1000);
    expect(refused).toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE', erpMessage: 'ECONNREFUSED', message: 'El ERP no está disponible' });
    const timeout = errorFromNetwork(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 250);
    expect(timeout).toMatchObject({ status: 503, code: 'ERP_TIMEOUT', message: 'El ERP no respondió a tiempo' });
  });

  it("builds the spec's message for ERP failures shown to buyers", () => {
    expect(erpFailureMessage('El ERP no está disponible')).toBe(' El ERP no está disponible, intentelo mas tarde (B1) ');
    const error = new ErpError({ status: 503, code: 'ERP_TIMEOUT', message: 'El ERP no respondió a tiempo' });
    expect(error.userMessage).toBe(' El ERP no respondió a tiempo, intentelo mas tarde (B1) ');
    expect(error.toJSON()).toEqual({ status: 503, message: 'El ERP no respondió a tiempo' });
    expect(error).toBeInstanceOf(Error);
  });
});
