module github.com/AlecAivazis/survey/v2

go 1.22
