import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/**
 * The sidebar on phones: a temporary drawer (a modal dialog, named by `label`), kept mounted so opening it is instant
 * after the first time. Closing it gives the focus back to the menu button (MUI's focus trap).
 */
export default function NavDrawer({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} slotProps={{ root: { keepMounted: true }, paper: { 'aria-label': label } }}>
      {children}
    </Drawer>
  );
}
