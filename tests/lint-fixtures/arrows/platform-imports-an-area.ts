// as: server/platform/lint-fixture.ts
import { createAuthService } from '../auth/auth-service';

export const auth = createAuthService;
