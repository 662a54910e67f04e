// What other features use of leads (decision 024: another feature imports only this file).
export { LeadRecipientsForm } from './components/lead-recipients-form.tsx';
