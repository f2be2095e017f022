import { Link } from 'react-router-dom';
import { Dropdown } from '../../components/Dropdown';

/** Admin tools; the navbar renders it only for members of the 'admin' group. */
export function AdminMenu() {
  return (
    <Dropdown ariaLabel="Admin menu" label="Admin" align="left">
      {(close) => (
        <>
          <Link role="menuitem" className="menu-item" to="/admin/creator-demo" onClick={close}>
            Create Demo Account
          </Link>
          <Link role="menuitem" className="menu-item" to="/admin/demo-accounts" onClick={close}>
            Demo Accounts
          </Link>
        </>
      )}
    </Dropdown>
  );
}
