import { useFactoryDatabase } from "./factories";
import { testDb } from "./db";

// The factories write into the database of this run's test server.
useFactoryDatabase(testDb);
