export { setup as default } from './jest-run';
