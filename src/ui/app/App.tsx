import { BrowserRouter, useRoutes } from 'react-router-dom';
import { DialogProvider } from '../components/DialogProvider';
import { ToastProvider } from '../components/Toast';
import { SystemGate } from '../shell';
import { routes } from './routes';
import { ServicesContext } from '../core/ServicesContext';
import type { Services } from '../../app/services';

// Declarative routing: the app loads its data through machines and streams, not router
// loaders, so the data router (and its weight in the first download) is not needed.
function AppRoutes() {
  return useRoutes(routes);
}

export function App({ services }: { services: Services }) {
  return (
    <ServicesContext.Provider value={services}>
      <ToastProvider>
        <DialogProvider>
          {/* The router outside the gate: the blocking screens link to live support (/chat). */}
          <BrowserRouter>
            <SystemGate>
              <AppRoutes />
            </SystemGate>
          </BrowserRouter>
        </DialogProvider>
      </ToastProvider>
    </ServicesContext.Provider>
  );
}
