import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventCatalogue } from './event-catalogue';

const root = path.resolve(__dirname, '..', '..', '..');
const file = path.join(root, 'docs', 'events.md');
writeFileSync(file, eventCatalogue(root));
console.log(`wrote ${file}`);
