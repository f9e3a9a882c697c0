-- CreateTable
CREATE TABLE "SshKey" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprintSha256" TEXT NOT NULL,
    "fingerprintMd5" TEXT NOT NULL,
    "usageType" TEXT NOT NULL DEFAULT 'auth_and_signing',
    "expiresAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SshKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SshKey_fingerprintSha256_key" ON "SshKey"("fingerprintSha256");

-- CreateIndex
CREATE INDEX "SshKey_userId_id_idx" ON "SshKey"("userId", "id");

-- AddForeignKey
ALTER TABLE "SshKey" ADD CONSTRAINT "SshKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
