import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useEffect, useRef } from 'react';
import { fill } from '@shared/messages';

export const WRONG_ORIGIN_TEXT = {
  title: 'Para pagar, abre el portal en su dirección pública',
  body: 'Estás usando el portal desde {here}. WebPay Plus y Khipu te devuelven a {publicOrigin} al terminar el pago, y en otra dirección tu sesión no existe: el pago no se inició.',
  link: 'Continuar en {publicOrigin}',
  hint: 'Tendrás que ingresar de nuevo allí; tu carro te espera.',
  close: 'Cerrar aviso',
} as const;

export interface WrongOriginNoticeProps {
  notice: { here: string; publicOrigin: string; link: string } | null;
  onClose: () => void;
}

/** A card or transfer payment was not started because this page is not on the portal's public address. */
export function WrongOriginNotice({ notice, onClose }: WrongOriginNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  // the button that tried to pay may be far below: the notice comes into view
  useEffect(() => {
    if (notice) ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [notice]);
  if (!notice) return null;
  return (
    <Alert ref={ref} severity="warning" role="alert" onClose={onClose} slotProps={{ closeButton: { 'aria-label': WRONG_ORIGIN_TEXT.close, title: WRONG_ORIGIN_TEXT.close } }} sx={{ mb: 2 }}>
      <AlertTitle>{WRONG_ORIGIN_TEXT.title}</AlertTitle>
      {fill(WRONG_ORIGIN_TEXT.body, notice)}{' '}
      <Link href={notice.link} sx={{ fontWeight: 600 }}>
        {fill(WRONG_ORIGIN_TEXT.link, notice)}
      </Link>
      . {WRONG_ORIGIN_TEXT.hint}
    </Alert>
  );
}
