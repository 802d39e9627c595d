// Development only: React Fast Refresh must be installed before any component module runs.
import '@vitejs/plugin-react/preamble'
import './entry-client.tsx'
