// go-gitlab (the library behind GitLab's Terraform provider) against the runners API: registers a
// runner with a registration token, lists, reads, updates and assigns it. Prints JSON.
// Usage: go run go_gitlab_runners.go <url> <admin-token> <registration-token> <project-id> <other-project-id>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	gitlab "github.com/xanzy/go-gitlab"
)

func must(err error, what string) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", what, err)
		os.Exit(1)
	}
}

func main() {
	url, token, regToken := os.Args[1], os.Args[2], os.Args[3]
	projectID, _ := strconv.Atoi(os.Args[4])
	otherID, _ := strconv.Atoi(os.Args[5])
	client, err := gitlab.NewClient(token, gitlab.WithBaseURL(url+"/api/v4"))
	must(err, "client")

	registered, _, err := client.Runners.RegisterNewRunner(&gitlab.RegisterNewRunnerOptions{
		Token:       gitlab.String(regToken),
		Description: gitlab.String("go runner"),
		TagList:     &[]string{"go", "linux"},
		RunUntagged: gitlab.Bool(false),
	})
	must(err, "RegisterNewRunner")
	_, err = client.Runners.VerifyRegisteredRunner(&gitlab.VerifyRegisteredRunnerOptions{Token: gitlab.String(registered.Token)})
	must(err, "VerifyRegisteredRunner")

	all, _, err := client.Runners.ListAllRunners(&gitlab.ListRunnersOptions{Type: gitlab.String("project_type"), TagList: &[]string{"go", "linux"}})
	must(err, "ListAllRunners")
	// Other test files register runners for root at the same time on the shared server: the list
	// is narrowed to this program's tags (a bare first page of 20 may not reach this runner).
	owned, _, err := client.Runners.ListRunners(&gitlab.ListRunnersOptions{TagList: &[]string{"go", "linux"}, ListOptions: gitlab.ListOptions{PerPage: 100}})
	must(err, "ListRunners")
	details, _, err := client.Runners.GetRunnerDetails(registered.ID)
	must(err, "GetRunnerDetails")
	updated, _, err := client.Runners.UpdateRunnerDetails(registered.ID, &gitlab.UpdateRunnerDetailsOptions{Description: gitlab.String("go runner (edited)"), Paused: gitlab.Bool(true)})
	must(err, "UpdateRunnerDetails")
	_, _, err = client.Runners.EnableProjectRunner(otherID, &gitlab.EnableProjectRunnerOptions{RunnerID: registered.ID})
	must(err, "EnableProjectRunner")
	projectRunners, _, err := client.Runners.ListProjectRunners(otherID, &gitlab.ListProjectRunnersOptions{})
	must(err, "ListProjectRunners")
	_, err = client.Runners.DisableProjectRunner(otherID, registered.ID)
	must(err, "DisableProjectRunner")
	jobs, _, err := client.Runners.ListRunnerJobs(registered.ID, &gitlab.ListRunnerJobsOptions{})
	must(err, "ListRunnerJobs")

	allIDs := []int{}
	for _, r := range all {
		allIDs = append(allIDs, r.ID)
	}
	ownedIDs := []int{}
	for _, r := range owned {
		ownedIDs = append(ownedIDs, r.ID)
	}
	projectRunnerIDs := []int{}
	for _, r := range projectRunners {
		projectRunnerIDs = append(projectRunnerIDs, r.ID)
	}
	projectIDs := []int{}
	for _, p := range details.Projects {
		projectIDs = append(projectIDs, p.ID)
	}
	out := map[string]interface{}{
		"registered":      map[string]interface{}{"id": registered.ID, "token": registered.Token},
		"all_ids":         allIDs,
		"owned_ids":       ownedIDs,
		"details":         map[string]interface{}{"description": details.Description, "tag_list": details.TagList, "run_untagged": details.RunUntagged, "runner_type": details.RunnerType, "status": details.Status, "project_ids": projectIDs},
		"updated":         map[string]interface{}{"description": updated.Description, "paused": updated.Paused, "active": updated.Active},
		"project_runners": projectRunnerIDs,
		"jobs":            len(jobs),
		"project_id":      projectID,
	}
	enc := json.NewEncoder(os.Stdout)
	must(enc.Encode(out), "encode")
}
