/** The compiled server's folder (apps/api/dist) and the entry a server process runs. */
export declare const serverDist: string;
export declare const serverEntry: string;
/** Whether apps/api/dist is missing or older than one of its sources. */
export declare function serverBuildStale(): boolean;
/** Compiles the server (scripts/build-server.mjs says how). */
export declare function buildServer(): Promise<{ ms: number; inputs: number; external: string[] }>;
/** Builds when stale; without esbuild keeps the build that is there. */
export declare function ensureServerBuild(opts?: { quiet?: boolean }): Promise<void>;
