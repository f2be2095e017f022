import { Link } from 'react-router-dom';
import { Dropdown, MenuItem } from '../../components/Dropdown';

/** Admin tools; the navbar renders it only for members of the 'admin' group. */
export function AdminMenu() {
  return (
    <Dropdown ariaLabel="Admin menu" label="Admin" align="left">
      {() => (
        <>
          <MenuItem>
            <Link to="/admin/creator-demo">Create Demo Account</Link>
          </MenuItem>
          <MenuItem>
            <Link to="/admin/demo-accounts">Demo Accounts</Link>
          </MenuItem>
          <MenuItem>
            <Link to="/admin/reports">Reports</Link>
          </MenuItem>
        </>
      )}
    </Dropdown>
  );
}
