import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // In development the API runs on its own port; in production one process serves both.
    proxy: {
      '/api': server,
      '/oauth2/accounts': server,
      '/oauth2/documents': server,
      '/healthz': server,
      '/readyz': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Only a first login draws a QR code; keeping it apart keeps it out of the start-up bundle.
            { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 40 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui(?![\\/]x-)|@emotion|@popperjs)[\\/]/, priority: 20 },
            // The scanner's QR decoder stays out of every group: a group would also take in Vite's
            // preload helper, which the start-up bundle imports, and so load the decoder at start-up.
            // So do the dashboard's charts (@mui/x-*, and what only they use): a group of their own
            // takes in React and MUI with them, and every page would load it.
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!qr-scanner[\\/]|@mui[\\/]x-|@base-ui[\\/]|bezier-easing[\\/])/, priority: 10 },
          ],
        },
      },
    },
  },
});
