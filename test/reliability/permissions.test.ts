import { permissionsSuite } from './support/permissions-scenario.js';

permissionsSuite();
