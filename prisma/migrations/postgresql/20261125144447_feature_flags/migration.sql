-- CreateTable
CREATE TABLE "FeatureFlag" (
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FeatureFlag_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "FeatureFlagActor" (
    "id" SERIAL NOT NULL,
    "flagName" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeatureFlagActor_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FeatureFlagActor_actorType_actorId_idx" ON "FeatureFlagActor"("actorType", "actorId");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureFlagActor_flagName_actorType_actorId_key" ON "FeatureFlagActor"("flagName", "actorType", "actorId");

-- AddForeignKey
ALTER TABLE "FeatureFlagActor" ADD CONSTRAINT "FeatureFlagActor_flagName_fkey" FOREIGN KEY ("flagName") REFERENCES "FeatureFlag"("name") ON DELETE CASCADE ON UPDATE CASCADE;
