// What a PUBLIC_URL that does not fit the deployment breaks, said at start-up (main.ts logs each line as a warning).

export interface PublicUrlSettings {
  publicUrl: string;
  port: number;
  /** The embedded mode (no DATABASE_URL): a demo on this machine. */
  embedded: boolean;
}

/** The default PUBLIC_URL: the portal on this machine. */
export const defaultPublicUrl = (port: number) => `http://localhost:${port}`;

/** The warnings for this PUBLIC_URL, in Spanish; none when it fits. */
export function publicUrlWarnings({ publicUrl, port, embedded }: PublicUrlSettings): string[] {
  const warnings: string[] = [];
  if (!embedded && publicUrl === defaultPublicUrl(port)) {
    warnings.push(
      `PUBLIC_URL no está definida y se usa ${publicUrl}: WebPay y Khipu devolverán al comprador y enviarán sus ` +
        'notificaciones a esa dirección, que fuera de este servidor no existe; el comprador no vuelve al portal tras ' +
        'pagar y los pagos solo se confirman cuando el conciliador los consulta. Defina PUBLIC_URL con la dirección ' +
        'pública del portal (https://…).',
    );
  }
  if (!publicUrl.startsWith('https://')) {
    warnings.push(
      `PUBLIC_URL (${publicUrl}) no usa https: el comprador vuelve de WebPay y Khipu a una página sin cifrar (WebPay ` +
        'lo devuelve con un formulario y el navegador advierte que se envía sin cifrar), la sesión y la cookie ' +
        'anti-falsificación viajan sin cifrar (la cookie no es Secure) y los medios de pago reales pueden rechazar ' +
        'direcciones de retorno o de notificación sin https. Use https:// salvo para probar en este equipo.',
    );
  }
  return warnings;
}
