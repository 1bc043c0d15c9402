export { teardown as default } from './jest-run';
