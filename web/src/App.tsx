import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './features/shell/AppRoutes';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
