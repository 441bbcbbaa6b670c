/**
 * size-limit's budgets, made from the build in dist/ each time it runs (scripts/sizeBudgets.ts): every page it
 * published, in every language it published, so an owner's pages are the ones measured.
 */
import { sizeBudgets } from './scripts/sizeBudgets.ts';
import { configOrExit } from './src/config/index.ts';

const { invitePath, scene } = configOrExit();
export default sizeBudgets(import.meta.dirname, invitePath, 'dist', scene);
