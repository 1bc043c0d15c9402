import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { asyncApiYaml } from './asyncapi';

const file = path.resolve(__dirname, '..', '..', '..', 'docs', 'asyncapi.yaml');
writeFileSync(file, asyncApiYaml());
console.log(`wrote ${file}`);
