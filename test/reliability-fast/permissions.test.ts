import { permissionsSuite } from '../reliability/support/permissions-scenario.js';

// Quick enough to run whole in both npm test and npm run test:reliability.
permissionsSuite();
