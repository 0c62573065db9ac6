// A reporter for the hostile suite's figure: every test under tests/hostile/ is
// a hostile case (the matrix's 58 and the endpoint, workshop, signal, record and dev-server
// cases), and the run ends with one line, "hostile: N cases, M held", whatever ran. A case
// that failed or was skipped did not hold.
import type { Reporter, TestModule } from 'vitest/node';

const HOSTILE = '/tests/hostile/';

export default class HostileTally implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const cases = modules
      .filter((m) => m.moduleId.includes(HOSTILE))
      .flatMap((m) => [...m.children.allTests()]);
    if (cases.length === 0) return;
    const held = cases.filter((c) => c.result().state === 'passed').length;
    console.log(`hostile: ${cases.length} cases, ${held} held`);
  }
}
