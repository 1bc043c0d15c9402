import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandContentsSource } from './command-contents';

const file = path.resolve(__dirname, '..', '..', '..', 'wire', 'command-contents.ts');
writeFileSync(file, commandContentsSource());
console.log(`wrote ${file}`);
