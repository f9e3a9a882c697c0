-- CreateTable
CREATE TABLE "FeatureFlag" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "FeatureFlagActor" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "flagName" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FeatureFlagActor_flagName_fkey" FOREIGN KEY ("flagName") REFERENCES "FeatureFlag" ("name") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "FeatureFlagActor_actorType_actorId_idx" ON "FeatureFlagActor"("actorType", "actorId");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureFlagActor_flagName_actorType_actorId_key" ON "FeatureFlagActor"("flagName", "actorType", "actorId");
