import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/** The sidebar on phones: a temporary drawer, kept mounted so opening it is instant after the first time. */
export default function NavDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} slotProps={{ root: { keepMounted: true } }}>
      {children}
    </Drawer>
  );
}
