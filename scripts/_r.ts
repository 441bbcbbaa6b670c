import { legalPages } from '../src/lib/legal/pages.node.ts';
import { legalText } from '../src/lib/legal/text.node.ts';
for (const { kind } of legalPages()) await legalText(kind).catch((e) => console.log(e.message));
