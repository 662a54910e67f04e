/** What other features may use of reporting (decision 024): the dashboard's KPI strip, no charts. */
export { DashboardKpis } from './components/dashboard-kpis.tsx';
