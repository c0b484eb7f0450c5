import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';

export interface AccountMenuProps {
  /** 'Mi perfil' is for buyers only. */
  showProfile: boolean;
  onLogout: () => void;
}

/** The top bar's account menu of a logged-in user (loaded with the first logged-in page, not with /login). */
export default function AccountMenu({ showProfile, onLogout }: AccountMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Mi cuenta"
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {showProfile && (
          <MenuItem component={RouterLink} to="/profile" onClick={close}>
            {MSG.menuProfile}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/change-password" onClick={close}>
          {MSG.menuChangePassword}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          {MSG.menuLogout}
        </MenuItem>
      </Menu>
    </>
  );
}
